/** A self-signed certificate for 127.0.0.1, made at test time with openssl in a temporary folder. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface SelfSigned {
  cert: string;
  key: string;
}

export function makeSelfSigned(commonName = "127.0.0.1"): SelfSigned {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jenkins-tls-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        `/CN=${commonName}`,
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-days",
        "2",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: "ignore" },
    );
    return { cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
