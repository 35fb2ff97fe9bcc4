import { useParams } from "react-router";

/** The record id of the current route, whatever the route names it (:invoiceID, :vendorID, …). */
export function useRecordId(): string | undefined {
  return Object.values(useParams()).find(Boolean);
}
