/**
 * The card-network simulator: the in-repo Issuer (issuer.ts). It authorizes by the card's controls
 * exactly as Outlay states them (controls.ts), as a real issuer holding those controls would, and
 * numbers cards at random. It never talks to a network.
 */
import { randomInt } from "node:crypto";
import { declineReason } from "./controls.js";
import type { Issuer } from "./issuer.js";

export const simulator: Issuer = {
  name: "simulator",
  authorize(card, request, spent) {
    const reason = declineReason(card, request, spent);
    return reason ? { approved: false, reason } : { approved: true, approvalCode: String(randomInt(100000, 1000000)) };
  },
  newCardNumber(taken) {
    for (;;) {
      const last4 = String(randomInt(0, 10000)).padStart(4, "0");
      if (!taken.has(last4)) return last4;
    }
  },
};
