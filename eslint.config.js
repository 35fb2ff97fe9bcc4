import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const notClient = [["**/client/**"], "the server never imports the client"];
const notHttp = [["**/http/**"], "HTTP is the outer layer: errors live in src/server/errors.ts"];

export default tseslint.config(
  { ignores: ["dist/**", "data/**", "node_modules/**", "migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // the layers of DESIGN.md: schemas ← resources ← framework ← (server, client); inside the server,
  // http → domain → resources → db, never back. A file gets one rule: the last matching entry wins.
  layer(["schemas/**"], [["**/resources/**", "**/src/**"], "schemas are data shapes only"]),
  layer(["resources/**"], [["**/src/server/**", "**/src/client/**", "react", "react-dom", "antd", "@refinedev/*"], "declarations are plain data"]),
  layer(["src/framework/**"], [["**/server/**", "**/client/**", "react", "antd"], "the framework is isomorphic"]),
  layer(["src/client/**"], [["**/server/**"], "the client never imports the server"]),
  layer(["src/server/**"], notClient),
  layer(["src/server/domain/**", "src/server/mail/**", "src/server/files/**", "src/server/jobs/**", "src/server/links/**"], notClient, notHttp),
  // the generic engine (which serves the HTTP API) receives the domain by registration (resources/modules.ts)
  layer(["src/server/resources/**"], notClient, [["**/domain", "**/domain/**"], "The generic engine must not import src/server/domain: the domain registers into it (installModules)."]),
  layer(["src/server/db/**"], notClient, notHttp, [["../domain/**", "../resources/**"], "the database layer knows no resource (src/server/resources, the domain)"]),
);

/** Files matching `files` may not import modules matching any of the [patterns, message] rules. */
function layer(files, ...rules) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns: rules.map(([group, message]) => ({ group, message })) }] } };
}
