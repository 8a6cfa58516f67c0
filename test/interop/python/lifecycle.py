"""Drives a full job lifecycle with python-jenkins (Debian python3-jenkins) against a Jenkins URL.

Usage: lifecycle.py URL USER SECRET JOBNAME
Prints one JSON object with what was observed; exits non-zero on the first failure.
"""
import json
import sys

import jenkins

FREESTYLE = """<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>created by python-jenkins</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>echo "hello"</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <buildWrappers/>
</project>
"""


def main():
    url, user, secret, name = sys.argv[1:5]
    server = jenkins.Jenkins(url, username=user, password=secret, timeout=30)
    seen = {}
    # get_version() sends no credentials until another call has set them up, and an anonymous request
    # to a secured Jenkins is refused: ask who we are first, as python-jenkins's own docs do.
    seen["whoami"] = server.get_whoami()["id"]
    seen["version"] = server.get_version()
    seen["existsBefore"] = bool(server.job_exists(name))
    server.create_job(name, FREESTYLE)
    seen["existsAfterCreate"] = bool(server.job_exists(name))
    config = server.get_job_config(name)
    seen["configHasCommand"] = 'echo "hello"' in config or "echo &quot;hello&quot;" in config
    server.reconfig_job(name, FREESTYLE.replace("hello", "reconfigured"))
    seen["reconfigured"] = "reconfigured" in server.get_job_config(name)
    server.disable_job(name)
    seen["disabledInfo"] = server.get_job_info(name)["color"]
    seen["disabledConfig"] = "<disabled>true</disabled>" in server.get_job_config(name)
    server.enable_job(name)
    seen["enabledConfig"] = "<disabled>false</disabled>" in server.get_job_config(name)
    queue_id = server.build_job(name)
    seen["queueId"] = queue_id
    seen["queueTask"] = server.get_queue_item(queue_id)["task"]["name"]
    seen["jobsListed"] = [j["name"] for j in server.get_jobs()]
    server.delete_job(name)
    seen["existsAfterDelete"] = bool(server.job_exists(name))
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
