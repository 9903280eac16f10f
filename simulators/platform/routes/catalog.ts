// Catalog (2.8) and the voice/avatar galleries (2.1, 4). Any role may read them.
import type { FastifyInstance } from "fastify";
import { AvatarQuery, VoiceQuery } from "../../../spec/catalog.ts";
import { ApiError } from "../../shared/api-error.ts";
import { avatarsOf, catalogOf, voicesOf } from "../catalog/catalog.ts";
import { galleryPage, providerAnswers } from "../catalog/gallery.ts";
import * as planted from "../catalog/planted-catalog.ts";
import { writtenCatalog } from "../catalog/variant-catalog.ts";
import type { PlatformContext } from "../context.ts";
import { parse } from "../http/parse.ts";

const GALLERY_UNREACHABLE = "the gallery provider did not answer; retry";

function servedCatalog(ctx: PlatformContext): object {
  const catalog = catalogOf(ctx);
  // The planted bug: the model file failed to load and the loader answers empty lists instead of failing.
  if (ctx.faults.has("catalog-models-empty")) return { ...catalog, llm: [], stt: [], tts: [], realtime: [] };
  if (ctx.faults.has("catalog-turn-detector-languages-missing")) return planted.withoutTurnDetectorLanguages(catalog);
  if (ctx.faults.has("catalog-avatar-pricing-missing")) return planted.avatarsWithoutPricing(catalog);
  if (ctx.faults.has("cost-estimate-numeric-text")) return planted.costEstimateAsText(catalog);
  if (ctx.faults.has("builtin-tool-option-path-dotted")) return planted.builtinToolPathsDotted(catalog);
  if (ctx.faults.has("noise-cancellation-description-missing"))
    return planted.noiseCancellationWithoutDescription(catalog);
  if (ctx.faults.has("catalog-providers-as-ids")) return planted.providersAsIds(catalog);
  if (ctx.faults.has("system-var-voice-only-bit")) return planted.systemVarsVoiceOnlyBits(catalog);
  if (ctx.faults.has("catalog-voice-tags-joined")) return planted.voiceTagsJoined(catalog);
  if (!ctx.faults.has("catalog-fee-video-missing")) return catalog;
  const { video: _dropped, ...fees } = catalog.platform_fee_per_minute;
  return { ...catalog, platform_fee_per_minute: fees };
}

export function catalogRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.get("/v1/catalog", async () => writtenCatalog(ctx, servedCatalog(ctx)));

  app.get("/v1/catalog/voices", async (request) => {
    const query = parse(ctx, VoiceQuery, request.query, "query");
    // The planted bug: the handler reads the language filter as `lang`, so `language` filters nothing.
    if (ctx.faults.has("voice-language-filter-ignored")) query.language = undefined;
    // The planted bug: the provider client's connection error escapes the handler, a 500 instead of a 502.
    if (ctx.faults.has("gallery-provider-error-500") && !(await providerAnswers(ctx))) {
      throw new Error("fetch failed: the voice provider gave no answer");
    }
    if (!(await providerAnswers(ctx))) throw new ApiError(502, GALLERY_UNREACHABLE);
    const page: Partial<ReturnType<typeof galleryPage>> = galleryPage(voicesOf(ctx), query, [
      "gender",
      "language",
      "provider",
    ]);
    if (ctx.faults.has("voices-without-has-more")) delete page.has_more;
    return page;
  });

  app.get("/v1/catalog/avatars", async (request) => {
    const query = parse(ctx, AvatarQuery, request.query, "query");
    if (!(await providerAnswers(ctx))) throw new ApiError(502, GALLERY_UNREACHABLE);
    // A legal variant: a row carries what identifies an avatar and what the facets filter on, no tags, no preview.
    const rows = ctx.variants.has("avatar-rows-lean")
      ? avatarsOf(ctx).map(({ id, name, provider, gender }) => ({ id, name, provider, gender }))
      : avatarsOf(ctx);
    const page = galleryPage(rows, query, ["gender", "provider"]);
    if (!ctx.faults.has("avatar-gallery-facets-missing")) return page;
    const { facets: _dropped, ...rest } = page;
    return rest;
  });
}
