/**
 * The seam where a card issuer plugs in (docs/cards.md). Outlay keeps cards, their controls, the
 * transactions and statements; the issuer decides authorizations at the point of sale and numbers new
 * cards. `CARD_ISSUER` chooses the implementation; the in-repo one is the card-network simulator.
 */
import { config } from "../../config.js";
import { conflict, forbidden } from "../../errors.js";
import type { CardControls, PurchaseRequest } from "./controls.js";
import { simulator } from "./simulator.js";

export type Authorization = { approved: true; approvalCode: string } | { approved: false; reason: string };

export interface Issuer {
  name: string;
  /** the issuer's answer to a purchase on the card; `spent` is what the card has used up so far (controls.ts) */
  authorize(card: CardControls, request: PurchaseRequest, spent: string): Authorization;
  /** the last four digits of a new card's number (a replacement's) */
  newCardNumber(taken: ReadonlySet<string>): string;
}

const issuers: Readonly<Record<string, Issuer>> = { simulator };

/** The configured issuer; an unknown name is a setup error, said when a card first needs it. */
export function issuer(): Issuer {
  const chosen = issuers[config.cardIssuer];
  if (!chosen) throw conflict(`CARD_ISSUER "${config.cardIssuer}" is not a card issuer Outlay knows`);
  return chosen;
}

/** The simulator's own routes (a purchase tried on a card) answer only where it is the issuer and switched on. */
export function assertSimulator(): void {
  if (config.cardIssuer !== "simulator" || !config.cardSimulator) throw forbidden("The card-network simulator is switched off here (CARD_SIMULATOR).");
}
