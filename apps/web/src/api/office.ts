import { refreshUsage } from './account';
import { generatedApi, type CreateOfficeFileApiArg, type GetOfficeFileInProjectApiResponse } from './generated/office';

/** The document types NEW can create blank: WORD (.docx), CELL (.xlsx), SLIDE (.pptx). */
export type NewDocumentType = CreateOfficeFileApiArg['documentType'];

/** What the editor is given to open a document: mode, the scoped access token, the WOPI address of the file. */
export type OfficeOpenConfig = GetOfficeFileInProjectApiResponse;

/**
 * Creating a document adds a file to a listing and takes storage: the listings and the usage are read again. Opening
 * asks every time (a fresh token, and whether someone else is editing now).
 */
export const officeApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getOfficeFileInProject: { keepUnusedDataFor: 0 },
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

export const { useCreateOfficeFileMutation, useGetOfficeFileInProjectQuery } = officeApi;
