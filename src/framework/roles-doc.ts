/** The role × permission matrix as Markdown (docs/roles.md is this output; a test keeps them equal). */
import { roleNames, roles, staffKeys } from "./roles.js";

export function rolesMarkdown(): string {
  const keys = [...new Set([...staffKeys, ...Object.values(roles).flat()])].sort((a, b) => a.localeCompare(b));
  const header = `| key | ${roleNames.join(" | ")} |\n|---|${roleNames.map(() => "---").join("|")}|`;
  const rows = keys.map((key) => `| ${key} | ${roleNames.map((role) => (roles[role].includes(key) ? "✓" : "")).join(" | ")} |`);
  return `# Roles and permission keys

Generated from \`src/framework/roles.ts\` by \`npm run docs:roles\`; do not edit by hand.

A user's permissions are the keys of its role in the current company plus the company's enabled
module settings (\`invoices_active\`, \`payments_active\`, …, all on for a new company). Where a route or
action lists several keys, holding any one suffices (product-spec section 6). The server answers 403
to anything the keys do not allow; the client uses the same \`can\` function to hide it.

${header}
${rows.join("\n")}
`;
}
