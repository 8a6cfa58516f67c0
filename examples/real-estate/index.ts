/**
 * Jobs as most Jenkins estates have them, in a folder declared in XML without views (Jenkins gives it its `All`
 * view; that is not drift):
 *
 * - `listings/listings-import`: a declarative pipeline whose script declares its own build parameters, nightly
 *   trigger and options. Each run writes them into the job's config.xml and records them in a tracker action; the
 *   provider leaves what the pipeline set to the pipeline.
 * - `listings/price-index`: a scripted pipeline calling `properties([...])`, beside a build discarder the program
 *   declares itself. The discarder stays the program's: removed by hand, it is drift and `pulumi up` restores it.
 * - `listings/publish-feed`: a freestyle job whose password parameter default is a secret from stack config. Pulumi
 *   stores it encrypted, Jenkins stores it encrypted, and no plan or state shows it.
 * - `listings/portal`: a Multibranch Pipeline project; Jenkins's branch indexing makes (and removes) the job of each
 *   branch, which the program never declares.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const feedPassword = config.requireSecret("feedPassword");

const listings = new Job("listings", {
  name: "listings",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder">
  <description>Everything that moves listings between the regional feeds and the portal</description>
  <properties/>
</com.cloudbees.hudson.plugins.folder.Folder>
`,
});

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
  folder: listings.fullName,
  description: "Imports changed listings from the regional feeds every night",
  pipeline: { script: LISTINGS_IMPORT },
});

// A scripted pipeline sets its parameters and polling itself; the build discarder is declared here, in its config.
const PRICE_INDEX = `properties([
  parameters([string(name: 'MONTH', defaultValue: 'last', description: 'Month whose price index is computed')]),
  pipelineTriggers([pollSCM('H/30 * * * *')]),
])
node {
  sh "./price-index.sh --month \${params.MONTH}"
}`;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const priceIndex = new Job("price-index", {
  name: "price-index",
  folder: listings.fullName,
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job">
  <description>Computes the monthly price index of every region</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>-1</daysToKeep>
        <numToKeep>12</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>-1</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
  </properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps">
    <script>${escapeXml(PRICE_INDEX)}</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`,
});

// The password parameter's default is the secret itself: it never appears in the state or in a diff.
const publishFeed = new Job("publish-feed", {
  name: "publish-feed",
  folder: listings.fullName,
  description: "Publishes the listings feed to the partner portal",
  freestyle: {
    parameters: [
      { type: "choice", name: "FORMAT", choices: ["xml", "json"] },
      { type: "password", name: "FEED_PASSWORD", default: feedPassword, description: "Password of the partner feed" },
    ],
    steps: [{ shell: './publish-feed.sh --format "$FORMAT"' }],
  },
});

const portal = new Job("portal", {
  name: "portal",
  folder: listings.fullName,
  description: "Every branch of the listings portal",
  multibranch: {
    sources: [{ type: "git", remote: config.get("portalRemote") ?? "https://git.example.com/listings/portal.git" }],
    orphanedItems: { numToKeep: 5 },
    periodicIndexing: "1d",
  },
});

export const listingsImportUrl = listingsImport.url;
export const priceIndexUrl = priceIndex.url;
export const publishFeedUrl = publishFeed.url;
export const portalUrl = portal.url;
