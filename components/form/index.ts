export { Field, fieldError } from "./field";
export { TextField } from "./text-field";
export { SwitchField } from "./switch-field";
export { ColorField } from "./color-field";
export { ImageField } from "./image-field";
export { SelectField, type Option } from "./select-field";
export { RichTextField } from "./rich-text-field";
export { PermissionCheckboxes, type PermissionChoice, type PermissionGroup } from "./permission-checkboxes";
export { reportFormFailure } from "./report-failure";
