/** German texts for a field of the wrong type, where the spec has none (docs/decisions/ecosystem.md, "Request DTOs"). */
export const FIELD_TEXTS = {
  notText: (field: string) => `Das Feld "${field}" muss ein Text sein.`,
  notTextOrNumber: (field: string) => `Das Feld "${field}" muss ein Text oder eine Zahl sein.`,
  notList: (field: string) => `Das Feld "${field}" muss eine Liste von Fragen (oder ihr JSON-Text) sein.`,
} as const;
