-- CreateTable
CREATE TABLE "RelationExport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "portableType" TEXT NOT NULL,
    "portableId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "batched" BOOLEAN NOT NULL DEFAULT false,
    "totalObjectsCount" INTEGER NOT NULL DEFAULT 0,
    "data" BLOB,
    "userId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "RelationExport_portableType_portableId_relation_key" ON "RelationExport"("portableType", "portableId", "relation");
