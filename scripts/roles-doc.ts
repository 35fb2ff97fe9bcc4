import fs from "node:fs";
import { rolesMarkdown } from "../src/framework/roles-doc.js";

fs.writeFileSync("docs/roles.md", rolesMarkdown());
console.log("Wrote docs/roles.md");
