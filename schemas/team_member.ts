/** Membership of a company contact in a team. */
export const teamMemberSchema = {
  type: "object",
  additionalProperties: false,
  required: ["team_id", "contact_id"],
  properties: {
    team_id: { type: "integer", "x-references": "teams" },
    contact_id: { type: "integer", "x-references": "contacts" },
  },
} as const;
