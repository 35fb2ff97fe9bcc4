/** `column = any($1::int[])`: one bind parameter however many ids (10,000 invoices stay one statement). */
import { sql } from "kysely";

export const anyId = (column: string, ids: readonly number[]) => sql<boolean>`${sql.ref(column)} = any(${sql.val([...ids])}::int[])`;
