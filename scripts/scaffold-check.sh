#!/usr/bin/env bash
# The scaffold, proven on a temporary copy of the repository (CI runs it; the working tree is not touched):
# copy the tracked files, link node_modules, run `npm run new:entity -- gadgets --approvable`, then the
# typecheck, lint of what it wrote, and the new entity's own API test (on PGlite).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
copy=$(mktemp -d "${TMPDIR:-/tmp}/outlay-scaffold.XXXXXX")
trap 'rm -rf "$copy"' EXIT
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$copy")
ln -s "$root/node_modules" "$copy/node_modules"
cd "$copy"
npx tsx scripts/new-entity.ts gadgets --approvable --area admin
ls migrations | tail -2
npx tsc --noEmit -p tsconfig.json
npx eslint resources/gadgets.ts schemas/gadget.ts src/server/domain/admin/gadgets.server.ts tests/api/gadgets.test.ts resources/index.ts src/server/domain/modules.ts schemas/approval-types.ts
npx vitest run tests/unit/i18n.test.ts tests/unit/approvals-declared.test.ts
TEST_DB=pglite npx vitest run --config vitest.api.config.ts tests/api/gadgets.test.ts
echo "scaffold check: passed"
