import { catalogRoutes } from '@jewel/contract/catalog';
import { catalogAdminRoutes } from '@jewel/contract/catalog-admin';
import { catalogFileName } from '@jewel/contract/values/catalog-files';
import type { Lang } from '@jewel/contract/values/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PreparedAnswer, prepareAnswer, registerRoute, sendDownload, sendPrepared } from '../../lib/route.ts';
import { SignalCache } from '../../lib/signal-cache.ts';
import * as repo from './catalog.repository.ts';
import { catalogCsv } from './catalog-export.ts';
import { importCatalog } from './catalog-import.ts';
import { CatalogImportRefusedError, problemText } from './catalog-problems.ts';
import { photoGuideOf, savePhotoGuide } from './photo-guide.repository.ts';

/** An answer lives this long at most (for changes no signal announces); a catalog change drops it sooner. */
const PRODUCTS_TTL_MS = 60_000;

type ProductRow = Awaited<ReturnType<typeof repo.listProducts>>['items'][number];

/** A product with its name in the reader's language (the `names` it was given in stay inside). */
function presentProduct({ names, ...product }: ProductRow, lang: Lang) {
  return { ...product, name: localize(names, lang, product.name) };
}

async function routes(app: FastifyInstance) {
  // Retired brands, categories and materials only when asked for (the managers' list; what names them).
  registerRoute(app, catalogRoutes.brands, ({ query }) => repo.listBrands(app.db, query));

  registerRoute(app, catalogRoutes.brandTypes, async ({ params, query }) => {
    if (!(await repo.brandExists(app.db, params.id))) throw new AppError('notFound');
    return repo.listBrandTypes(app.db, params.id, query);
  });

  registerRoute(app, catalogRoutes.categories, async ({ query }, request) => {
    const [rows, shots] = await Promise.all([repo.listCategories(app.db, query), repo.listPhotoGuideShots(app.db)]);
    // The photo guide rides along: the register page learns the shot lists with the categories.
    return rows.map((row) => ({
      id: row.id,
      name: translate(row.name, request.lang),
      retired: row.retiredAt !== null,
      shots: shots
        .filter((shot) => shot.categoryId === row.id)
        .map((shot) => ({
          code: shot.code,
          name: translate(shot.name, request.lang),
          outline: shot.outline,
          covers: shot.covers,
        })),
    }));
  });

  registerRoute(app, catalogRoutes.materials, async ({ query }, request) => {
    const rows = await repo.listMaterials(app.db, query);
    return rows.map((row) => ({
      id: row.id,
      name: translate(row.name, request.lang),
      purity: row.purity,
      retired: row.retiredAt !== null,
    }));
  });

  // The workflows a distribution offers: retired ones stay with the items that follow them.
  registerRoute(app, catalogRoutes.workflows, async (_input, request) => {
    const rows = await repo.listWorkflows(app.db);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: translate(row.name, request.lang),
      steps: row.steps,
    }));
  });

  // Every page that picks a product reads the catalog, which changes a few times a day: each answer
  // is written once per language and query and kept until a catalog change on any instance.
  const answers = new SignalCache<string, PreparedAnswer>((_answer, now) => now + PRODUCTS_TTL_MS, 1000);
  app.live.onSignal((kind) => {
    if (kind === 'catalog' || kind === 'resync') answers.clear();
  });

  registerRoute(app, catalogRoutes.products, async ({ query }, request, reply) => {
    const { lang } = request;
    const answer = await answers.get(`${lang} ${JSON.stringify(query)}`, async () => {
      const page = await repo.listProducts(app.db, query);
      return prepareAnswer(reply, lang, { ...page, items: page.items.map((product) => presentProduct(product, lang)) });
    });
    return sendPrepared(request, reply, answer);
  });

  /** A product changed: this instance forgets its answers at once, the others when the signal sent at commit reaches them. */
  const saved = (product: ProductRow | null, lang: Lang) => {
    if (!product) throw new AppError('notFound');
    app.live.signalHere('catalog');
    return presentProduct(product, lang);
  };

  registerRoute(app, catalogRoutes.productReplenish, async ({ params, body }, request) =>
    saved(await repo.setReplenishStatus(app.db, params.id, body.replenish_status), request.lang),
  );

  // The catalog's files, for managers (issue 28 item 5): the CLI's import, all or nothing.
  registerRoute(app, catalogAdminRoutes.catalogImport, async ({ body }, request) => {
    try {
      const result = await importCatalog(app.db, body.files);
      request.log.info({ files: Object.keys(body.files), ...result }, 'catalog imported');
      return result;
    } catch (error) {
      if (!(error instanceof CatalogImportRefusedError)) throw error;
      const problems = error.reasons.map((problem) => ({
        file: problem.file,
        line: problem.line,
        message: problemText(problem, request.lang),
      }));
      throw new AppError('catalogImportRefused', { data: { problems } });
    }
  });

  registerRoute(app, catalogAdminRoutes.catalogProduct, async ({ params }) => {
    const product = await repo.productRecord(app.db, params.id);
    if (!product) throw new AppError('notFound');
    return product;
  });

  registerRoute(app, catalogAdminRoutes.catalogProductCreate, async ({ body }, request) =>
    saved(await repo.saveProduct(app.db, null, body), request.lang),
  );
  registerRoute(app, catalogAdminRoutes.catalogProductChange, async ({ params, body }, request) =>
    saved(await repo.saveProduct(app.db, params.id, body), request.lang),
  );
  registerRoute(app, catalogAdminRoutes.catalogProductRetire, async ({ params, body }, request) =>
    saved(await repo.setRetired(app.db, params.id, body.retired), request.lang),
  );

  // A brand one by one (issue 28 item 5): every picker and cached answer follows at once.
  registerRoute(app, catalogAdminRoutes.catalogBrand, async ({ params }) => {
    const brand = await repo.brandRecord(app.db, params.id);
    if (!brand) throw new AppError('notFound');
    return brand;
  });
  const brandSaved = (brand: Awaited<ReturnType<typeof repo.saveBrand>>) => {
    if (!brand) throw new AppError('notFound');
    app.live.signalHere('catalog');
    return brand;
  };
  registerRoute(app, catalogAdminRoutes.catalogBrandCreate, async ({ body }) =>
    brandSaved(await repo.saveBrand(app.db, null, body)),
  );
  registerRoute(app, catalogAdminRoutes.catalogBrandChange, async ({ params, body }) =>
    brandSaved(await repo.saveBrand(app.db, params.id, body)),
  );

  // Categories and materials one by one (issue 28 item 5).
  registerRoute(app, catalogAdminRoutes.catalogEntries, ({ params }) => repo.listEntries(app.db, params.kind));
  const entrySaved = (entry: Awaited<ReturnType<typeof repo.saveEntry>>) => {
    if (!entry) throw new AppError('notFound');
    app.live.signalHere('catalog');
    return entry;
  };
  registerRoute(app, catalogAdminRoutes.catalogEntryCreate, async ({ params, body }) =>
    entrySaved(await repo.saveEntry(app.db, params.kind, null, body)),
  );
  registerRoute(app, catalogAdminRoutes.catalogEntryChange, async ({ params, body }) =>
    entrySaved(await repo.saveEntry(app.db, params.kind, params.id, body)),
  );

  // The workflows one by one (issue 28 item 5).
  registerRoute(app, catalogAdminRoutes.catalogWorkflows, () => repo.workflowRecords(app.db));
  const workflowSaved = (workflow: Awaited<ReturnType<typeof repo.saveWorkflow>>) => {
    if (!workflow) throw new AppError('notFound');
    app.live.signalHere('catalog');
    return workflow;
  };
  registerRoute(app, catalogAdminRoutes.catalogWorkflowCreate, async ({ body }) =>
    workflowSaved(await repo.saveWorkflow(app.db, null, body)),
  );
  registerRoute(app, catalogAdminRoutes.catalogWorkflowChange, async ({ params, body }) =>
    workflowSaved(await repo.saveWorkflow(app.db, params.id, body)),
  );

  // A category's photo guide in its form: what photo-guides.csv imports, one category at a time.
  registerRoute(app, catalogAdminRoutes.catalogPhotoGuide, async ({ params }) => {
    const guide = await photoGuideOf(app.db, params.id);
    if (!guide) throw new AppError('notFound');
    return guide;
  });
  registerRoute(app, catalogAdminRoutes.catalogPhotoGuideChange, async ({ params, body }) => {
    const guide = await savePhotoGuide(app.db, params.id, body);
    app.live.signalHere('catalog');
    return guide;
  });

  registerRoute(app, catalogAdminRoutes.catalogFile, async ({ params, query }, _request, reply) => {
    const text = await catalogCsv(app.db, params.kind, query.template === 1);
    const fileName = query.template === 1 ? `${params.kind}-template.csv` : catalogFileName(params.kind);
    return sendDownload(reply, { body: Buffer.from(text), fileName }, 'text/csv; charset=utf-8');
  });
}

export const catalogFeature = fp(routes, {
  name: 'catalog-routes',
  dependencies: ['auth', 'database', 'live'],
  encapsulate: true,
});
