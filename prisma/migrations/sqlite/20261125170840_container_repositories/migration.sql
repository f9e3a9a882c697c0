-- CreateTable
CREATE TABLE "ContainerRepository" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT,
    "cleanupRequestedAt" DATETIME,
    "expirationPolicyStartedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ContainerRepository_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ContainerRepository_projectId_id_idx" ON "ContainerRepository"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ContainerRepository_projectId_name_key" ON "ContainerRepository"("projectId", "name");
