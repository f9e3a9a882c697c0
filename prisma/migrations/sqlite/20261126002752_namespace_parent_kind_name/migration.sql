-- CreateIndex
CREATE INDEX "Namespace_parentId_kind_name_id_idx" ON "Namespace"("parentId", "kind", "name", "id");
