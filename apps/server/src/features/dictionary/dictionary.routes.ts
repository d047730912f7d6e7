import {
  DICTIONARY_GROUPS,
  type Dictionary,
  type DictionarySection,
  dictionaryRoutes,
} from '@jewel/contract/dictionary';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dictionaryOptions, webTranslations } from '../../db/schema.ts';
import { translate } from '../../i18n/messages.ts';
import { registerRoute } from '../../lib/route.ts';

export async function dictionaryFeature(app: FastifyInstance) {
  registerRoute(app, dictionaryRoutes.dictionary, async (_input, request) => {
    const rows = await app.db
      .select()
      .from(dictionaryOptions)
      .orderBy(asc(dictionaryOptions.groupKey), asc(dictionaryOptions.sort), asc(dictionaryOptions.id));
    // Every group is present, even one without options, so the app can rely on the shape.
    const dictionary: Dictionary = {};
    for (const section of Object.keys(DICTIONARY_GROUPS) as DictionarySection[]) {
      dictionary[section] = Object.fromEntries(DICTIONARY_GROUPS[section].map((group) => [group, []]));
    }
    for (const row of rows) {
      const [section = '', group = ''] = row.groupKey.split('.');
      const options = dictionary[section]?.[group];
      if (!options) continue;
      options.push({
        value: row.valueType === 'number' ? Number(row.value) : row.value,
        label: translate(row.label, request.lang),
      });
    }
    return dictionary;
  });

  registerRoute(app, dictionaryRoutes.transWeb, async (_input, request) => {
    const rows = await app.db
      .select({ key: webTranslations.key, value: webTranslations.value })
      .from(webTranslations)
      .where(eq(webTranslations.lang, request.lang));
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });
}
