/**
 * The list of what is wrong, at the top of the form: it scrolls into view when it appears (after a
 * save the form refused or a server 422), and each line moves to its field.
 */
import { useEffect, useRef } from "react";
import { Alert } from "antd";
import { useTranslation } from "@refinedev/core";
import type { Problem } from "./messages.js";

const focusField = (field: string) => {
  const element = document.getElementById(`root_${field}`);
  element?.scrollIntoView({ block: "center" });
  element?.focus();
};

/** `shown` changes with every refused save, so that the same problems scroll into view again. */
export function ErrorSummary({ problems, shown }: { problems: readonly Problem[]; shown: number }) {
  const { translate } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length) ref.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [shown, problems.length]);
  if (!problems.length) return null;
  return (
    <div ref={ref} style={{ marginBottom: 16, scrollMarginTop: 16 }}>
      <Alert type="error" showIcon
        message={translate("forms.errorSummary", { count: problems.length }, "Please correct the fields below")}
        description={<ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.map((p) => (
            <li key={`${p.label}:${p.message}`}>
              <a href={`#root_${p.field}`} onClick={(e) => { e.preventDefault(); focusField(p.field); }}>{p.label}</a>: {p.message}
            </li>
          ))}
        </ul>} />
    </div>
  );
}
