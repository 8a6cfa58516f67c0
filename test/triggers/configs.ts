/** Job configs for the trigger tests: a plain freestyle job, a disabled one and a parameterized one. */

function freestyle(opts: { disabled?: boolean; properties?: string } = {}): string {
  return `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description/>
  <keepDependencies>false</keepDependencies>
  ${opts.properties ?? "<properties/>"}
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>${opts.disabled === true}</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>make release</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <buildWrappers/>
</project>`;
}

export const PLAIN_XML = freestyle();
export const DISABLED_XML = freestyle({ disabled: true });
export const PARAMETERIZED_XML = freestyle({
  properties: `<properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>VERSION</name>
          <defaultValue>0.0.0</defaultValue>
          <trim>false</trim>
        </hudson.model.StringParameterDefinition>
        <hudson.model.BooleanParameterDefinition>
          <name>DRY_RUN</name>
          <defaultValue>true</defaultValue>
        </hudson.model.BooleanParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>`,
});

/** The jobs every trigger test starts from. */
export const JOBS: Array<{ fullName: string; xml: string }> = [
  {
    fullName: "team",
    xml: `<?xml version='1.1' encoding='UTF-8'?>\n<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.999"/>`,
  },
  { fullName: "team/api-build", xml: PLAIN_XML },
  { fullName: "team/release", xml: PARAMETERIZED_XML },
  { fullName: "legacy-build", xml: DISABLED_XML },
];
