/** `npm run -s manifest`: the registry as JSON — resources, and every route with its guard. */
import { resources } from "../resources/index.js";
import { pages } from "../resources/pages/index.js";
import { pagePermissions, routesOf } from "../src/framework/resource.js";

const routes = [
  ...resources.flatMap((resource) => routesOf(resource).map((r) => ({
    path: r.path, resource: resource.name, kind: r.page, permissions: pagePermissions(resource, r.page) ?? [],
  }))),
  ...pages.map((p) => ({ path: p.path, resource: p.resource ?? null, kind: p.kind, permissions: p.permissions })),
];

console.log(JSON.stringify({ resources: resources.map((r) => r.name), routes }, null, 2));
