/**
 * Decides whether a job found on the server carries the configuration this client sent.
 *
 * Used after a createItem whose outcome is unknown (the connection broke or a gateway answered 5xx): if the
 * job now exists with our configuration, the create went through. Jenkins may already have re-serialized the
 * config (current versions re-serialize on every read and add default fields), so the Jenkins-aware comparison
 * of the XML module decides (it accepts everything strict semantic equality accepts).
 */
import { elementsEquivalent } from "../xml/semantic";
import { parseXml } from "../xml/tree";

export function isConfigWeSent(sent: string, stored: string): boolean {
  try {
    return sent === stored || elementsEquivalent(parseXml(sent).root, parseXml(stored).root);
  } catch {
    // Either side not well-formed: it cannot be the configuration Jenkins accepted from us.
    return false;
  }
}
