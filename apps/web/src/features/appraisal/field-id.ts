/** The element id of an appraisal form's control, for its label and the journeys that find it. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;
