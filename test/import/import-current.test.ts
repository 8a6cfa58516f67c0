/** Import → adopt, against the server in current mode (config.xml re-serialized like Jenkins ≥ 2.568). */
import { importSuite } from "./suite";

importSuite("current");
