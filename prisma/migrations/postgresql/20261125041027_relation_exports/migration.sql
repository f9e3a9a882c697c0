-- CreateTable
CREATE TABLE "RelationExport" (
    "id" SERIAL NOT NULL,
    "portableType" TEXT NOT NULL,
    "portableId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "batched" BOOLEAN NOT NULL DEFAULT false,
    "totalObjectsCount" INTEGER NOT NULL DEFAULT 0,
    "data" BYTEA,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RelationExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RelationExport_portableType_portableId_relation_key" ON "RelationExport"("portableType", "portableId", "relation");
