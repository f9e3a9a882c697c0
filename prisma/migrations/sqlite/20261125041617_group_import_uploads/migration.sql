-- CreateTable
CREATE TABLE "GroupImportUpload" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "groupId" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'started',
    "error" TEXT,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "GroupImportUpload_groupId_key" ON "GroupImportUpload"("groupId");
