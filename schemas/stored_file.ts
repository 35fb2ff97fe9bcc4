/** The bytes of a file in the database store (STORAGE=db): a bytea row of its own, so lists of documents never load contents. */
export const storedFileSchema = {
  type: "object",
  additionalProperties: false,
  required: ["data"],
  properties: {
    data: { type: "string", format: "binary" },
  },
} as const;
