/** An import as the API answers it (resources/imports.ts), and the translation helper of its pages. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportRecord {
  id: number;
  kind: string;
  resource_name: string;
  file_name: string;
  status: "NEW" | "PROCESSING" | "DONE" | "FAILED";
  headers: string[];
  mapping: Record<string, string>;
  total_rows: number;
  processed_rows: number;
  error_rows: number;
  errors: RowError[];
}

export type T = (key: string, fallback: string, values?: Record<string, unknown>) => string;
