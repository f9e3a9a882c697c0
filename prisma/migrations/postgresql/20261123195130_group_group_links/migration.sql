-- CreateTable
CREATE TABLE "GroupGroupLink" (
    "id" SERIAL NOT NULL,
    "sharedGroupId" INTEGER NOT NULL,
    "sharedWithGroupId" INTEGER NOT NULL,
    "groupAccess" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GroupGroupLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GroupGroupLink_sharedWithGroupId_idx" ON "GroupGroupLink"("sharedWithGroupId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupGroupLink_sharedGroupId_sharedWithGroupId_key" ON "GroupGroupLink"("sharedGroupId", "sharedWithGroupId");

-- AddForeignKey
ALTER TABLE "GroupGroupLink" ADD CONSTRAINT "GroupGroupLink_sharedGroupId_fkey" FOREIGN KEY ("sharedGroupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupGroupLink" ADD CONSTRAINT "GroupGroupLink_sharedWithGroupId_fkey" FOREIGN KEY ("sharedWithGroupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
