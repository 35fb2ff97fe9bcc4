/** A list cell links to a record's page only when the reader may open it (format.tsx `linkOf`). */
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../resources/index.js";
import { linkOf } from "../../src/client/format.js";
import type { CurrentUser } from "../../src/client/user.js";

const myCards = resourceByName.get("my_cards")!;
const cardNumber = myCards.columns.find((c) => c.field === "masked_number")!;
const reader = (keys: string[]) => ({ perm_resources: keys, module_settings: { virtual_cards_active: true } }) as unknown as CurrentUser;

describe("a cell's link", () => {
  it("goes to the card's page for a holder who may open it", () => {
    expect(linkOf(reader(["listVCards", "readVCards"]), myCards, cardNumber, { id: 7 })).toBe("/vcards/7");
  });

  it("is left out for a holder without the card page's key: the number shows as text", () => {
    expect(linkOf(reader(["listVCards"]), myCards, cardNumber, { id: 7 })).toBeUndefined();
  });
});
