// TypeDoc plugin for `npm run docs` (typedoc.json), three touches to the reference's pages:
// - `@secret` marks a value Pulumi keeps secret (the plugin's schema, scripts/schema, reads it): a known tag;
// - a property a caller must give reads "required" in the "Default value" column, instead of the `undefined` the
//   markdown theme writes for a property without a default;
// - `@sortStrategy` (the index lists each category alphabetically, while properties keep their source order) has
//   done its work once the project is sorted, and is not shown as a section of the index.
import { Application, Comment, CommentTag, Converter, ReflectionKind, RendererEvent } from "typedoc";

export function load(app) {
  app.on(Application.EVENT_BOOTSTRAP_END, () => {
    const tags = app.options.getValue("modifierTags");
    if (!tags.includes("@secret")) app.options.setValue("modifierTags", [...tags, "@secret"]);
  });
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const property of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      if (property.flags.isOptional || !property.parent?.kindOf(ReflectionKind.Interface)) continue;
      if (property.comment?.getTag("@defaultValue")) continue;
      property.comment ??= new Comment();
      property.comment.blockTags.push(new CommentTag("@defaultValue", [{ kind: "text", text: "required" }]));
    }
  });
  app.renderer.on(RendererEvent.BEGIN, (event) => {
    event.project.comment?.removeTags("@sortStrategy");
  });
}
