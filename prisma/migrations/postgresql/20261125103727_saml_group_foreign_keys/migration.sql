-- Rows of groups deleted before these were foreign keys would break the constraint (group deletion
-- removed them, so normally there are none).
DELETE FROM "Identity" WHERE "groupId" NOT IN (SELECT "id" FROM "Namespace");
DELETE FROM "SamlGroupLink" WHERE "groupId" NOT IN (SELECT "id" FROM "Namespace");

-- AddForeignKey
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlGroupLink" ADD CONSTRAINT "SamlGroupLink_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
