/**
 * resize-observer-polyfill for the browser build (vite.config.ts aliases it here): antd's resize
 * observer imports the polyfill, which every browser the app supports no longer needs.
 */
export default globalThis.ResizeObserver;
