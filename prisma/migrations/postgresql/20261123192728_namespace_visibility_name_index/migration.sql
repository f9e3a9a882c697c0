-- CreateIndex
CREATE INDEX "Namespace_kind_visibility_name_id_idx" ON "Namespace"("kind", "visibility", "name", "id");
