-- CreateTable
CREATE TABLE "AccessRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceType" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "requestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AccessRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AccessRequest_sourceType_sourceId_id_idx" ON "AccessRequest"("sourceType", "sourceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AccessRequest_sourceType_sourceId_userId_key" ON "AccessRequest"("sourceType", "sourceId", "userId");
