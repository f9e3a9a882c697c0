-- CreateTable
CREATE TABLE "GroupExportArchive" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "groupId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'started',
    "fileName" TEXT,
    "data" BLOB,
    "error" TEXT,
    "userId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "GroupExportArchive_groupId_key" ON "GroupExportArchive"("groupId");
