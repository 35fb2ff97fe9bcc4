/** The generated forms' engine: rjsf's core Form (@rjsf/core) dressed in its Ant Design theme (@rjsf/antd). */
import { withTheme } from "@rjsf/core";
import { Theme } from "@rjsf/antd";

export const Form = withTheme(Theme);
