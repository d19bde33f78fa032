import { refreshUsage } from './account';
import { generatedApi, type CreateOfficeFileApiArg } from './generated/office';

/** The document types NEW can create blank: WORD (.docx), CELL (.xlsx), SLIDE (.pptx). */
export type NewDocumentType = CreateOfficeFileApiArg['documentType'];

/** Creating a document adds a file to a listing and takes storage: the listings and the usage are read again. */
export const officeApi = generatedApi.enhanceEndpoints({
  endpoints: {
    createOfficeFile: {
      invalidatesTags: ['FilesByFieldName'],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(refreshUsage());
        } catch {
          // The caller shows the failure.
        }
      },
    },
  },
});

export const { useCreateOfficeFileMutation } = officeApi;
