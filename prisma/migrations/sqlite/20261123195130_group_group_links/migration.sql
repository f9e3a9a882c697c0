-- CreateTable
CREATE TABLE "GroupGroupLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sharedGroupId" INTEGER NOT NULL,
    "sharedWithGroupId" INTEGER NOT NULL,
    "groupAccess" INTEGER NOT NULL,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GroupGroupLink_sharedGroupId_fkey" FOREIGN KEY ("sharedGroupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupGroupLink_sharedWithGroupId_fkey" FOREIGN KEY ("sharedWithGroupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "GroupGroupLink_sharedWithGroupId_idx" ON "GroupGroupLink"("sharedWithGroupId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupGroupLink_sharedGroupId_sharedWithGroupId_key" ON "GroupGroupLink"("sharedGroupId", "sharedWithGroupId");
