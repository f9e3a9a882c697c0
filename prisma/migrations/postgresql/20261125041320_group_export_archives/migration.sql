-- CreateTable
CREATE TABLE "GroupExportArchive" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'started',
    "fileName" TEXT,
    "data" BYTEA,
    "error" TEXT,
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GroupExportArchive_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GroupExportArchive_groupId_key" ON "GroupExportArchive"("groupId");
