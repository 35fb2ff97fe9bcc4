/** The punchout screens, one chunk loaded on demand: the supplier buttons' page and the request form started from a cart. */
export { default as Punchout } from "./Punchout.js";
export { default as PurchaseOrderRequestNew } from "./PurchaseOrderRequestNew.js";
