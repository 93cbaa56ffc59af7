import type { Db } from '../../db/client';
import {
  listCountries,
  listLanguages,
  listPreferredCommunications,
  listRelationships,
  listStates,
} from './lookups.repository';

/** The lists the contact form chooses from. */
export class LookupsService {
  constructor(private readonly db: Db) {}

  relationships() {
    return listRelationships(this.db);
  }

  countries() {
    return listCountries(this.db);
  }

  states(countryId: number | undefined) {
    return listStates(this.db, countryId);
  }

  preferredCommunications() {
    return listPreferredCommunications(this.db);
  }

  languages() {
    return listLanguages(this.db);
  }
}
