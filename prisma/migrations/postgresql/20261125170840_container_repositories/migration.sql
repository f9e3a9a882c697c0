-- CreateTable
CREATE TABLE "ContainerRepository" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT,
    "cleanupRequestedAt" TIMESTAMP(3),
    "expirationPolicyStartedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContainerRepository_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContainerRepository_projectId_id_idx" ON "ContainerRepository"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ContainerRepository_projectId_name_key" ON "ContainerRepository"("projectId", "name");

-- AddForeignKey
ALTER TABLE "ContainerRepository" ADD CONSTRAINT "ContainerRepository_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
