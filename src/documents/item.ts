/** The system's Item document class. */
export class GnGItem extends Item {}
