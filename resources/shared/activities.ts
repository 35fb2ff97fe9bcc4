/**
 * The relation that shows a record's history on its show page, as sentences (src/client/activities):
 * its rows go through the activities' decorate hook, which names the users behind the ids.
 */
export const activitiesOf = (itemType: string) => ({
  kind: "hasMany",
  resource: "activities",
  foreignKey: "item_id",
  where: { item_type: itemType },
  fields: ["id", "event", "user_id", "changes", "created_at"],
  decorated: true,
} as const);
