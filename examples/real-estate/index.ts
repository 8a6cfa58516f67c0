/**
 * Jobs as most Jenkins estates have them. The listings import is a declarative pipeline whose script declares its
 * own build parameters, nightly trigger and options: each run writes them into the job's config.xml and records them
 * in a tracker action. The program declares only the script; after the first build the job has its parameters, and
 * `pulumi refresh` / `pulumi preview` stay quiet because the provider leaves what the pipeline set to the pipeline.
 */
import { Job } from "pulumi-jenkins-jobs";

const LISTINGS_IMPORT = `pipeline {
  agent any
  parameters {
    choice(name: 'REGION', choices: ['north', 'south', 'east', 'west'], description: 'Region whose listings are imported')
    string(name: 'SINCE', defaultValue: '1d', description: 'How far back to look for changed listings', trim: true)
    booleanParam(name: 'DRY_RUN', defaultValue: false, description: 'Report what would change, change nothing')
  }
  triggers {
    cron('H 2 * * *')
  }
  options {
    disableConcurrentBuilds()
    buildDiscarder(logRotator(numToKeepStr: '30'))
    timeout(time: 1, unit: 'HOURS')
  }
  stages {
    stage('Import') {
      steps {
        sh './import-listings.sh --region "$REGION" --since "$SINCE"'
      }
    }
  }
}
`;

const listingsImport = new Job("listings-import", {
  name: "listings-import",
  description: "Imports changed listings from the regional feeds every night",
  pipeline: { script: LISTINGS_IMPORT },
});

export const listingsImportUrl = listingsImport.url;
