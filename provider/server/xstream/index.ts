/**
 * How a Jenkins controller stores and re-serializes item configurations: the item types it knows, the identity copy
 * made by createItem, XStream's re-serialization on every save, and what `GET config.xml` returns.
 */
export { itemTypeOf, knownItemTypes } from "./item-types";
export type { ItemType } from "./item-types";
export { identityTransform, resave, readBack } from "./transform";
export type { SaveChanges, SecretsHook } from "./transform";
export { CREATED_DECLARATION, SAVED_DECLARATION, SERVED_DECLARATION } from "./transform";
export { INSTALLED_PLUGINS, NOT_INSTALLED_PLUGINS } from "./plugins";
export { CLASS_FIELDS } from "./field-schemas";
export type { FieldSpec } from "./field-spec";
