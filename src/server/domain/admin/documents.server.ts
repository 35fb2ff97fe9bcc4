/** The server side of documents: its hooks (documents.ts). */
import documents from "../../../../resources/documents.js";
import { defineServerModule } from "../../resources/modules.js";
import { documentHooks } from "./documents.js";

export default defineServerModule(documents, { hooks: documentHooks });
