/**
 * The look of the list table (DataTable.tsx) and its pagination (Pager.tsx): antd's small table and
 * small pagination, drawn from antd's design tokens.
 * The rules are one static style sheet (hover, pseudo-elements and selected rows need CSS, not inline
 * styles); the token values reach it as custom properties on the table's wrapper, so a theme change
 * restyles it without a new sheet.
 */
import type { CSSProperties } from "react";
import type { GlobalToken } from "antd";

/** a cell's text line (14 px × 1.5714) and its bottom border: the rest of the row height is padding */
const lineHeight = 22;

/** The wrapper's custom properties for a table of rows `rowHeight` px high. */
export function tableVars(token: GlobalToken, rowHeight: number): CSSProperties {
  return {
    "--dt-bg": token.colorBgContainer,
    "--dt-header-bg": token.colorFillAlter,
    "--dt-heading": token.colorTextHeading,
    "--dt-strong": token.fontWeightStrong,
    "--dt-border": token.colorBorderSecondary,
    "--dt-radius": `${token.borderRadiusLG}px`,
    "--dt-pad-block": `${Math.max(0, Math.floor((rowHeight - lineHeight - 1) / 2))}px`,
    "--dt-pad-inline": `${token.paddingXS}px`,
    "--dt-hover": token.colorFillAlter,
    "--dt-selected": token.controlItemBgActive,
    "--dt-selected-hover": token.controlItemBgActiveHover,
    "--dt-sort-header": token.colorFillSecondary,
    "--dt-sort-header-hover": token.colorFillContent,
    "--dt-sort-cell": token.colorFillAlter,
    "--dt-icon": token.colorIcon,
    "--dt-icon-hover": token.colorIconHover,
    "--dt-icon-opacity": token.opacityLoading,
    "--dt-icon-size": `${token.fontSizeIcon}px`,
    "--dt-primary": token.colorPrimary,
    "--dt-empty": token.colorTextDisabled,
    "--dt-motion": token.motionDurationMid,
    "--dt-text": token.colorText,
    "--dt-disabled": token.colorTextDisabled,
    "--dt-primary-hover": token.colorPrimaryHover,
    "--dt-item": `${token.controlHeightSM}px`,
    "--dt-item-radius": `${token.borderRadius}px`,
    "--dt-item-hover": token.colorBgTextHover,
  } as CSSProperties;
}

/** antd's table rules (antd/es/table/style) for what the list uses, on the `dt` class names. */
export const tableCss = `
.dt{overflow-x:auto;max-width:100%}
.dt table{width:max-content;min-width:100%;border-collapse:separate;border-spacing:0;text-align:start;background:var(--dt-bg);border-radius:var(--dt-radius) var(--dt-radius) 0 0}
.dt[data-fit] table{width:100%;table-layout:fixed}
.dt th,.dt td{position:relative;padding:var(--dt-pad-block) var(--dt-pad-inline);overflow-wrap:break-word;border-bottom:1px solid var(--dt-border);transition:background var(--dt-motion)}
.dt thead th{color:var(--dt-heading);font-weight:var(--dt-strong);text-align:start;background:var(--dt-header-bg)}
.dt thead tr>:first-child{border-start-start-radius:var(--dt-radius)}
.dt thead tr>:last-child{border-start-end-radius:var(--dt-radius)}
.dt thead th:not(:last-child):not(.dt-select)::before{position:absolute;top:50%;inset-inline-end:0;width:1px;height:1.6em;background:var(--dt-border);transform:translateY(-50%);content:""}
.dt thead th.dt-sortable:hover{background:var(--dt-sort-header-hover)}
.dt thead th[aria-sort]{background:var(--dt-sort-header)}
.dt thead th.dt-sortable:hover::before,.dt thead th[aria-sort]::before{background:transparent}
.dt td.dt-sorted{background:var(--dt-sort-cell)}
.dt tbody tr[data-row-key]:hover>td{background:var(--dt-hover)}
.dt tbody tr.dt-selected>td{background:var(--dt-selected)}
.dt tbody tr.dt-selected:hover>td{background:var(--dt-selected-hover)}
.dt .dt-select{width:32px;text-align:center}
.dt .dt-empty td{text-align:center;color:var(--dt-empty)}
.dt tfoot td{color:var(--dt-heading);background:var(--dt-header-bg);border-bottom:0;border-radius:0 0 var(--dt-radius) var(--dt-radius)}
.dt-sort{display:flex;align-items:center;justify-content:space-between;width:100%;margin:0;padding:0;border:0;background:none;font:inherit;color:inherit;text-align:inherit;cursor:pointer}
.dt-sort::after{position:absolute;inset:0;content:""}
.dt-sort:focus-visible{color:var(--dt-primary)}
.dt-sort>:first-child{flex:1;min-width:0}
.dt-arrows{display:inline-flex;flex-direction:column;align-items:center;margin-inline-start:4px;font-size:var(--dt-icon-size);color:var(--dt-icon)}
.dt-arrows>*{opacity:var(--dt-icon-opacity)}
.dt-arrows>*+*{margin-top:-0.3em}
.dt-sort:hover .dt-arrows{color:var(--dt-icon-hover)}
.dt-arrows>.dt-active{color:var(--dt-primary);opacity:1}
.dt-pager{display:flex;flex-wrap:wrap;row-gap:8px;align-items:center;justify-content:flex-end;margin:16px 0;padding:0;list-style:none}
.dt-pager[data-simple]{justify-content:center}
.dt-page,.dt-pager-simple{min-width:var(--dt-item);height:var(--dt-item);line-height:calc(var(--dt-item) - 2px);text-align:center;border:1px solid transparent;border-radius:var(--dt-item-radius);user-select:none}
.dt-page>*{display:block;padding:0 6px;color:var(--dt-text)}
.dt-page:not(.dt-current):not([aria-disabled]):hover{background:var(--dt-item-hover)}
.dt-current{font-weight:var(--dt-strong);background:var(--dt-bg);border-color:var(--dt-primary)}
.dt-current>a{color:var(--dt-primary)}
.dt-current:hover{border-color:var(--dt-primary-hover)}
.dt-current:hover>a{color:var(--dt-primary-hover)}
.dt-step{font-size:12px}
.dt-step[aria-disabled]>*{color:var(--dt-disabled);cursor:not-allowed}
.dt-jump>a{color:var(--dt-disabled);letter-spacing:2px;text-indent:0.13em}
.dt-jump:hover>a{color:var(--dt-primary)}
.dt-pager-simple{padding:0 8px}
.dt-pager-size{margin-inline-start:4px}
`;
