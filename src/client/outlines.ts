/**
 * Every resource's outline (framework/outline.ts): what the shell knows of the resources. The build
 * replaces this module by the outlines computed at build time (scripts/resource-outlines.ts), so the
 * declarations themselves stay out of the shell and load with their pages (declarations.ts).
 */
import { outlinesOf, type ResourceOutline } from "../framework/outline.js";
import { resources } from "../../resources/index.js";

export const outlines: readonly ResourceOutline[] = outlinesOf(resources);
