/**
 * Which proxy a client's origin goes through: the rules of undici's EnvHttpProxyAgent (what the troubleshooting
 * guide's Proxies section lists), decided once, with what named the proxy kept for its errors.
 */
import { proxyFromEnvironment } from "../../provider/client/proxy-env";
import { bypassesProxy, proxyRoute } from "../../provider/client/proxy-route";

describe("NO_PROXY", () => {
  it.each([
    ["jenkins.example.com", "jenkins.example.com", 443, true],
    ["example.com", "jenkins.example.com", 443, true],
    [".example.com", "example.com", 443, true],
    ["*.example.com", "jenkins.example.com", 443, true],
    ["*.example.com", "example.com", 443, false],
    ["ample.com", "example.com", 443, false],
    ["jenkins.example.com:8443", "jenkins.example.com", 8443, true],
    ["jenkins.example.com:8443", "jenkins.example.com", 443, false],
    ["*", "anything.example", 80, true],
    ["*:80", "anything.example", 443, false],
    ["a.example b.example,jenkins.example.com", "jenkins.example.com", 443, true],
    ["JENKINS.Example.COM.", "jenkins.example.com", 443, true],
    ["jenkins.example.com", "jenkins.example.com.", 443, true],
    ["localhost", "127.0.0.1", 80, false],
    ["10.0.0.0/8", "10.1.2.3", 80, false],
    ["::1", "[::1]", 8080, true],
    ["[::1]:8080", "[::1]", 8080, true],
    ["[::1]:8080", "[::1]", 9090, false],
    ["", "jenkins.example.com", 443, false],
  ] as const)("%j for %s:%i → bypass %s", (noProxy, host, port, expected) => {
    expect(bypassesProxy(noProxy, host, port)).toBe(expected);
  });
});

describe("the route of an origin", () => {
  const env = {
    HTTPS_PROXY: "http://corp:s3cret@proxy.example.com:3128",
    http_proxy: "http://plain-proxy.example.com",
    NO_PROXY: "internal.example.com",
  };

  it("an https Jenkins takes the HTTPS proxy through a tunnel; the address holds no credentials", () => {
    expect(proxyRoute("https://ci.example.com", proxyFromEnvironment(env))).toEqual({
      url: env.HTTPS_PROXY,
      address: "proxy.example.com:3128",
      from: "HTTPS_PROXY",
      tunnel: true,
      target: "ci.example.com:443",
    });
  });

  it("an http Jenkins takes the HTTP proxy, forwarded; its default port is named", () => {
    expect(proxyRoute("http://ci.example.com:8080", proxyFromEnvironment(env))).toMatchObject({
      address: "plain-proxy.example.com:80",
      from: "http_proxy",
      tunnel: false,
      target: "ci.example.com:8080",
    });
  });

  it("an https Jenkins falls back to the HTTP proxy, named by its own variable", () => {
    const { HTTPS_PROXY: _unused, ...httpOnly } = env;
    expect(proxyRoute("https://ci.example.com", proxyFromEnvironment(httpOnly))).toMatchObject({
      from: "http_proxy",
      tunnel: true,
    });
  });

  it("a host NO_PROXY lists, or no proxy at all, goes direct", () => {
    expect(proxyRoute("https://internal.example.com", proxyFromEnvironment(env))).toBeUndefined();
    expect(proxyRoute("https://ci.example.com", proxyFromEnvironment({}))).toBeUndefined();
  });
});
