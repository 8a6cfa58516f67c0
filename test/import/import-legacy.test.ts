/** Import → adopt, against the server in legacy mode (config.xml served as stored). */
import { importSuite } from "./suite";

importSuite("legacy");
