/**
 * One field of a class as XStream writes it: its element name and the XML a freshly saved object has for it. Kept
 * apart from the field lists (field-schemas.ts, view-fields.ts) so that each list can use it without importing the
 * other.
 */
export interface FieldSpec {
  name: string;
  /** XML of the element added when the field is missing; absent → the field is optional (null in Java). */
  default?: string;
}
